export { Picture } from './core';
