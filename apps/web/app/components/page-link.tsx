import { type ComponentProps, createContext, useContext } from 'react';
import { Link as RouterLink } from 'react-router';
import { hrefOf } from '~/islands/router-links';

/**
 * True while the server renders an islands page (entry.server.tsx): React Router does not run such
 * a page in the browser (docs/decisions/013-public-pages-as-islands.md).
 */
export const PlainLinks = createContext(false);

type LinkProps = ComponentProps<typeof RouterLink>;

/** `to` as the address it stands for, when it is one from the site's root (`/…`); else null. */
function rootHref(to: LinkProps['to']): string | null {
  const href = hrefOf(to);
  return href.startsWith('/') && !href.startsWith('//') ? href : null;
}

/**
 * React Router's `Link`, but in the server render of an islands page the plain `<a href>` that the
 * islands build's `Link` draws in the browser too (islands/router-links.tsx): nothing there needs
 * the router's resolving of the address, which cost a fifteenth of such a render's CPU. Relative
 * addresses still go through React Router.
 */
export function Link(props: LinkProps) {
  const plain = useContext(PlainLinks);
  const href = plain ? rootHref(props.to) : null;
  if (href === null) return <RouterLink {...props} />;
  const {
    to: _to,
    replace: _replace,
    state: _state,
    prefetch: _prefetch,
    preventScrollReset: _preventScrollReset,
    relative: _relative,
    reloadDocument: _reloadDocument,
    viewTransition: _viewTransition,
    discover: _discover,
    ...anchor
  } = props;
  return <a href={href} {...anchor} />;
}
