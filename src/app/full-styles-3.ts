// Part 3 of 3 of Mantine's full stylesheet (@mantine/core/styles.css), in its order
// (see loadFullStyles in first-screen-styles.ts). `?full` keeps the rules the first screen's stylesheet
// already has: without it the build would leave them out here, and the rest would cascade differently.
import '@mantine/core/styles/Radio.css?full';
import '@mantine/core/styles/Rating.css?full';
import '@mantine/core/styles/RollingNumber.css?full';
import '@mantine/core/styles/Tooltip.css?full';
import '@mantine/core/styles/RingProgress.css?full';
import '@mantine/core/styles/Scroller.css?full';
import '@mantine/core/styles/SegmentedControl.css?full';
import '@mantine/core/styles/SemiCircleProgress.css?full';
import '@mantine/core/styles/SimpleGrid.css?full';
import '@mantine/core/styles/Skeleton.css?full';
import '@mantine/core/styles/Slider.css?full';
import '@mantine/core/styles/Splitter.css?full';
import '@mantine/core/styles/Spoiler.css?full';
import '@mantine/core/styles/Stack.css?full';
import '@mantine/core/styles/Stepper.css?full';
import '@mantine/core/styles/Switch.css?full';
import '@mantine/core/styles/Table.css?full';
import '@mantine/core/styles/TableOfContents.css?full';
import '@mantine/core/styles/Tabs.css?full';
import '@mantine/core/styles/ThemeIcon.css?full';
import '@mantine/core/styles/Timeline.css?full';
import '@mantine/core/styles/Title.css?full';
import '@mantine/core/styles/Toggle.css?full';
import '@mantine/core/styles/Toolbar.css?full';
import '@mantine/core/styles/Tour.css?full';
import '@mantine/core/styles/Tree.css?full';
import '@mantine/core/styles/TreeSelect.css?full';
import '@mantine/core/styles/Typography.css?full';

export const PART = 3;
