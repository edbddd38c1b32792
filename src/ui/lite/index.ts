// The first screen's UI kit: Mantine's look (its stylesheet and CSS variables) without Mantine's
// component code, so the Clock and sign-in load ~30 KB less JavaScript. Other screens use Mantine.
export { AppShell, AppShellSection } from './app-shell';
export { ActionIcon, Anchor, Burger, Button, UnstyledButton } from './buttons';
export { Alert, Badge, Loader, LoadingBar } from './feedback';
export { NativeSelect, PasswordInput, Switch, TextInput } from './inputs';
export { Card, Center, Container, Group, Paper, Stack, Text, Title } from './layout';
export { type LiteSize, rem, spacing } from './style';
