import { type ReactNode, useState } from 'react';
import { EarlyPart, fetchedApart, useArrived } from './fetched-apart.js';
import { InfoMark } from './InfoMark.js';

// Pages show many marks and most are never opened: the pop-over's code is not on the first load.
const body = fetchedApart(() => import('./InfoPopupBody.js').then((m) => m.InfoPopupBody));

/** An info mark: a pop-over on desktop; on mobile a dialog that 'finances.gotIt' closes. */
export function InfoPopup({ title, children }: { title?: ReactNode; children: ReactNode }) {
  const arrived = useArrived(body);
  const [early, setEarly] = useState(false);
  if (early) {
    return (
      <EarlyPart
        part={body}
        props={{ title, children, opened: true }}
        fallback={<InfoMark />}
        onFailed={() => setEarly(false)}
      />
    );
  }
  const Body = body.loaded;
  if (arrived && Body) return <Body title={title}>{children}</Body>;
  return <InfoMark onClick={() => setEarly(true)} />;
}
