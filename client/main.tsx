// Mantine's styles, only for the components the first pages use (login, the shell, the
// Dashboard, the loading spinner), in the order of Mantine's own styles.css. A screen
// that uses another component imports its file itself, e.g. Table.css at the top of the
// screen, and the file then arrives with that screen's code. The list of files is in
// node_modules/@mantine/core/styles/; some components need others' files too
// (Button needs UnstyledButton): see https://mantine.dev/styles/css-files-list.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Input.css';
// Not used by the first pages, but SegmentedControl and Tabs build on it: a screen using them
// would otherwise need to know to import it too.
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Tooltip.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/ThemeIcon.css';
import '@mantine/core/styles/Title.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, pageCode } from './app';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

if (import.meta.env.DEV) void import('./devStyleCheck').then((m) => m.warnAboutMissingStyles());

// Keeps the app's files so the counter reopens with the server down (client/sw.ts). Only a
// built app has the worker; browsers offer it only on https and localhost. Registered a few
// seconds after the page has loaded: installing it fetches and keeps every file of the build
// (about 150 files, 2 MB). This code runs once the page has loaded, so registering at once put
// that work inside the first screen's render and data requests, where the tablet's page spent
// 200 to 350 ms more on its main thread (docs/decisions.md, Loading on the shop's tablet).
// Where the worker is already installed, registering is only the check for a new build.
const KEEP_FILES_AFTER_MS = 5_000;
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const keepAppFiles = () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  const later = () => setTimeout(keepAppFiles, KEEP_FILES_AFTER_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

// The opened page's code first (its HTML already asked for it), so the first render shows
// the page whole and sends its data requests together. A failed fetch leaves it to the screen.
void pageCode(window.location.pathname)
  .catch(() => undefined)
  .then(() =>
    // As a transition React renders in slices and lets the browser breathe between them:
    // on the tablet the first render is otherwise one task of several hundred milliseconds.
    startTransition(() =>
      createRoot(root).render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    ),
  );
