import { index, route, type RouteConfig } from '@react-router/dev/routes';

export default [index('routes/empty.tsx'), route('home-shaped', 'routes/home-shaped.tsx')] satisfies RouteConfig;
