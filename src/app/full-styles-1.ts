// Part 1 of 3 of Mantine's full stylesheet (@mantine/core/styles.css), in its order
// (see loadFullStyles in first-screen-styles.ts). `?full` keeps the rules the first screen's stylesheet
// already has: without it the build would leave them out here, and the rest would cascade differently.
import '@mantine/core/styles/baseline.css?full';
import '@mantine/core/styles/default-css-variables.css?full';
import '@mantine/core/styles/global.css?full';
import '@mantine/core/styles/ScrollArea.css?full';
import '@mantine/core/styles/UnstyledButton.css?full';
import '@mantine/core/styles/VisuallyHidden.css?full';
import '@mantine/core/styles/Paper.css?full';
import '@mantine/core/styles/Overlay.css?full';
import '@mantine/core/styles/Popover.css?full';
import '@mantine/core/styles/Loader.css?full';
import '@mantine/core/styles/ActionIcon.css?full';
import '@mantine/core/styles/CloseButton.css?full';
import '@mantine/core/styles/Group.css?full';
import '@mantine/core/styles/ModalBase.css?full';
import '@mantine/core/styles/Input.css?full';
import '@mantine/core/styles/Flex.css?full';
import '@mantine/core/styles/FloatingIndicator.css?full';
import '@mantine/core/styles/Accordion.css?full';
import '@mantine/core/styles/Affix.css?full';
import '@mantine/core/styles/ActionBar.css?full';
import '@mantine/core/styles/Alert.css?full';
import '@mantine/core/styles/Text.css?full';
import '@mantine/core/styles/Anchor.css?full';
import '@mantine/core/styles/AngleSlider.css?full';
import '@mantine/core/styles/AppShell.css?full';
import '@mantine/core/styles/AspectRatio.css?full';
import '@mantine/core/styles/Combobox.css?full';
import '@mantine/core/styles/InlineInput.css?full';
import '@mantine/core/styles/CheckboxCard.css?full';
import '@mantine/core/styles/CheckboxIndicator.css?full';
import '@mantine/core/styles/Checkbox.css?full';

export const PART = 1;
