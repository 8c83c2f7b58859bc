export { type ButtonSize, type ButtonVariant, buttonClass } from './core';
