// Every scheduling call: schedule events and assignments, RS schedules, event hosts.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { eventHostRoutes } from './event-host-routes';
import { scheduleEventRoutes } from './event-routes';
import { rsScheduleRoutes } from './rs-schedule-routes';

export async function schedulingRoutes(app: FastifyInstance, opts: { db: Db }) {
  await scheduleEventRoutes(app, opts);
  await rsScheduleRoutes(app, opts);
  await eventHostRoutes(app, opts);
}
