// The styles of the first screens only — the shell, the Clock, sign-in and the status pages — in
// Mantine's dependency order. The full sheet (every component) is a chunk of its own, loaded once
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

/** Loads the full Mantine stylesheet once (resolves when it is in effect). */
export function loadFullStyles(): Promise<unknown> {
  full ??= import('./full-styles-sheet');
  return full;
}
