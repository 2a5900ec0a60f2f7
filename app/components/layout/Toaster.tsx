// The toaster and the styles it needs, in one chunk loaded after hydration: the first
// render of a page downloads none of it.
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';

export { Notifications as default } from '@mantine/notifications';
