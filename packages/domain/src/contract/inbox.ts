import { type Static, Type } from 'typebox';

/** A message in the header inbox. */
export const InboxMessage = Type.Object({
  id: Type.Integer(),
  kind: Type.String(),
  key: Type.Optional(Type.String({ description: 'i18n key: render <key>.title and <key>.body with params' })),
  params: Type.Optional(Type.Record(Type.String(), Type.String())),
  title: Type.String({ description: 'the message in English' }),
  body: Type.String(),
  link: Type.String(),
  created_at: Type.Integer(),
  read: Type.Boolean(),
});
export type InboxMessage = Static<typeof InboxMessage>;

export const Inbox = Type.Object({
  list: Type.Array(InboxMessage),
  total: Type.Integer(),
  unread: Type.Integer(),
});
export type Inbox = Static<typeof Inbox>;
