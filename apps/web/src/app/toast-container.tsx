/**
 * react-toastify's container with Farmaponte's settings and Italian names, loaded with the library (see toast-host.tsx):
 * the library names its region 'Notifications Alt+T', its close button 'close' and its timer 'notification timer'.
 */
import { TOAST_MS } from '@farmaponte/shared/limits';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { type CloseButtonProps, ToastContainer } from 'react-toastify';

/** The library's close button (its classes and cross), named in Italian. */
function CloseButton({ closeToast, theme }: CloseButtonProps) {
  return (
    <button
      type="button"
      aria-label={UI_TEXT.close}
      className={`Toastify__close-button Toastify__close-button--${theme}`}
      onClick={(event) => {
        event.stopPropagation();
        closeToast(true);
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 14 16">
        <path
          fillRule="evenodd"
          d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z"
        />
      </svg>
    </button>
  );
}

export default function Toasts() {
  return (
    // Durations are TOAST_MS's (docs/product.md#frame): they run even while the window is in the background.
    // `hideProgressBar` only marks the timer's bar hidden (aria-hidden, its English name unheard; a countdown is not
    // news): index.css keeps it in sight, and it still closes the toast when it runs out.
    <ToastContainer
      position="top-right"
      autoClose={TOAST_MS.default}
      newestOnTop
      closeOnClick={false}
      pauseOnFocusLoss={false}
      hideProgressBar
      theme="light"
      aria-label={UI_TEXT.toastsRegion}
      closeButton={CloseButton}
    />
  );
}
