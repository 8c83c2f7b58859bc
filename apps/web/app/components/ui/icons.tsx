export { Icon, type IconName } from './core';
