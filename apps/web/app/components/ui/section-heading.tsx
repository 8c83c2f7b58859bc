export { SectionHeading } from './core';
