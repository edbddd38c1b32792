// The header's user button (name + chevron): the trigger of the user menu, drawn the same before and
// after the menu's chunk is loaded (see user-menu.tsx).
import { IconChevronDown } from '@tabler/icons-react';
import { Group, Text } from '../ui/lite';

export function UserButtonLabel({ name }: { name: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Text size="sm" fw={500} className="mantine-visible-from-xs" data-testid="user-name">
        {name}
      </Text>
      <IconChevronDown size={14} />
    </Group>
  );
}
