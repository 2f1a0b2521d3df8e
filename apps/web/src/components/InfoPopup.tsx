import { lazy, type ReactNode, Suspense, useState } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { InfoMark } from './InfoMark.js';

// Pages show many marks and most are never opened: the pop-over's code comes with the first click.
const InfoPopupBody = lazy(() => import('./InfoPopupBody.js'));

/** An info mark: a pop-over on desktop; on mobile a dialog that 'finances.gotIt' closes. */
export function InfoPopup({ title, children }: { title?: ReactNode; children: ReactNode }) {
  const [used, setUsed] = useState(false);
  if (!used) return <InfoMark onClick={() => setUsed(true)} />;
  // Should its code not come, the mark stays as it was rather than taking the page down.
  return (
    <ErrorBoundary fallback={<InfoMark />}>
      <Suspense fallback={<InfoMark />}>
        <InfoPopupBody title={title}>{children}</InfoPopupBody>
      </Suspense>
    </ErrorBoundary>
  );
}
