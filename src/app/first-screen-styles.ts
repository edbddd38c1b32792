// The styles of the first screens only — the shell, the Clock, sign-in and the status pages — in
// Mantine's dependency order. The full sheet (every component) is three chunks of its own, loaded once
// the app has settled and before any other screen renders (routes.tsx): it repeats these rules with
// the same values, so its arrival changes nothing on screen. Parsing ~40 % of the sheet keeps a
// phone's main thread free while the first screen starts.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
// The app theme's variables and Mantine's responsive classes (what MantineProvider writes at run time).
import '../ui/mantine-theme.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Flex.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';

let full: Promise<unknown> | null = null;

/**
 * Loads the full Mantine stylesheet once (resolves when it is in effect). It is Mantine's styles.css cut
 * in three files in its order (full-styles-1…3.ts; tests/unit/ui/full-styles.test.ts checks the
 * order): the browser parses each as it arrives, three short tasks of a phone's main thread instead
 * of one long one. They are added to the page in this order, so the rules cascade as in one file.
 */
export function loadFullStyles(): Promise<unknown> {
  full ??= Promise.all([import('./full-styles-1'), import('./full-styles-2'), import('./full-styles-3')]);
  return full;
}
