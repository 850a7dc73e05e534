/**
 * The REST routes Discord serves an application with Activities (activities.ts has the rules
 * and their sources in discord-api-docs): `POST /oauth2/token` and
 * `GET /applications/{app}/activity-instances/{instance}`.
 */
import { apiError, ok, type RouteDef } from './rest-router.js';

/** The routes Discord serves an app with Activities (see the module comment). */
export const activityRoutes: RouteDef[] = [
  { method: 'POST', pattern: '/oauth2/token', auth: false, handler: (c) => c.core.state.activities.exchange(c.body, c.authorization) },
  {
    method: 'GET',
    pattern: '/applications/:app/activity-instances/:instance',
    auth: true,
    handler: (c) => {
      const st = c.core.state;
      if (c.params.app !== st.applicationId) return apiError(403, 50001, 'Missing Access');
      const instance = st.activities.instances.get(c.params.instance!);
      return instance && instance.users.size > 0 ? ok(st.activities.instanceJson(instance)) : apiError(404, 0, '404: Not Found');
    },
  },
];
