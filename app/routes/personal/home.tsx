/** /personal renders the personal home, like /personal/index. */
export { action, default, loader, meta } from './index';
