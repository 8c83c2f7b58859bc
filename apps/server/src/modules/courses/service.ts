/* The courses module's services, one file per concern; importers keep this one address. */
export * from './admin.ts';
export * from './catalogue.ts';
export * from './detail.ts';
export * from './mappers.ts';
export * from './preview.ts';
export * from './slugs.ts';
