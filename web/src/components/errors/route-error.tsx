import { useRouteError } from 'react-router-dom';
import { ErrorScreen } from './error-screen';

/**
 * The router's errorElement: a route whose chunk fails to load or whose page throws while
 * rendering shows this in its place. Under the site layout the header and footer stay, so the
 * visitor can still go elsewhere; at the root it fills the page.
 */
export function RouteError({ fullPage = false }: { fullPage?: boolean }) {
  const error = useRouteError();
  return <ErrorScreen error={error} fullPage={fullPage} />;
}
