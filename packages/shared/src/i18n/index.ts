export * from './catalogue.ts';
export * from './content.ts';
export * from './define.ts';
export * from './format-locale.ts';
export * from './locales.ts';
