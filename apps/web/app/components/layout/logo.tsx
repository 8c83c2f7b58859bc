// The wordmark lives with the navigation (one file for the shell every page loads).
export { Logo, LogoMark } from './navbar';
