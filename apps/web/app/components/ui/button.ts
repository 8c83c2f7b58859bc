/** Class names for links and buttons that look like buttons (styles: `.btn*` in app.css). */
export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'outline-light' | 'ghost';
export type ButtonSize = 'md' | 'lg' | 'sm';

export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra = ''): string {
  return `btn btn-${variant} btn-${size} ${extra}`.trim();
}
