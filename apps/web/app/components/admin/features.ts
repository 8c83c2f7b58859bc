/** Admin screens that depend on an API that may not exist yet. */
export const SETTINGS_SCREEN = true;
