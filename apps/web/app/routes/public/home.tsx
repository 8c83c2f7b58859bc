import type { Route } from './+types/home';

export async function loader({ context }: Route.LoaderArgs) {
  const [settings, hero] = await Promise.all([context.site.settings(), context.site.hero()]);
  return { settings, hero };
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.settings.brandName ?? 'Home' }];

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main">
      <h1>{loaderData.hero.title}</h1>
      <p>{loaderData.hero.subtitle}</p>
    </main>
  );
}
