import type { ReactNode } from 'react';
import { fetchedApart, PartOnUse } from './fetched-apart.js';
import { InfoMark } from './InfoMark.js';

// Pages show many marks and most are never opened: the pop-over's code is not on the first load.
const body = fetchedApart(() => import('./InfoPopupBody.js').then((m) => m.InfoPopupBody));

/** An info mark: a pop-over on desktop; on mobile a dialog that 'finances.gotIt' closes. */
export function InfoPopup({ title, children }: { title?: ReactNode; children: ReactNode }) {
  return <PartOnUse part={body} props={{ title, children }} plain={(use) => <InfoMark onClick={use} />} />;
}
