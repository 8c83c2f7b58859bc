/** Icons drawn by CSS (see `.icon` in app.css): no SVG in the JavaScript bundle. */
export type IconName =
  | 'arrow-right'
  | 'arrow-left'
  | 'chevron-down'
  | 'menu'
  | 'close'
  | 'check'
  | 'search'
  | 'mail'
  | 'phone'
  | 'map-pin'
  | 'chat'
  | 'clock'
  | 'users'
  | 'user'
  | 'layers'
  | 'video'
  | 'calendar'
  | 'shield'
  | 'graduation'
  | 'compass'
  | 'chart'
  | 'bank'
  | 'passport'
  | 'building'
  | 'globe'
  | 'percent'
  | 'play'
  | 'linkedin'
  | 'youtube'
  | 'instagram'
  | 'tiktok'
  | 'facebook';

/** A decorative icon in the current text colour; size it with classes (default 1.25rem). */
export function Icon({ name, className = '' }: { name: IconName; className?: string }) {
  return <span aria-hidden="true" className={`icon i-${name} ${className}`} />;
}
