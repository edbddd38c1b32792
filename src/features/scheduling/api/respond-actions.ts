// The employee's answer, queued as an offline command (sent now when online, later when not).
import { AssignmentStatus } from '../../../contract/scheduling';
import { respondToAssignment } from '../commands';

export interface AnswerTarget {
  ScheduleEventID: number;
  AssignmentID: number;
  /** The assignment as shown (kept as the draft's local copy). */
  local: Record<string, unknown>;
}

export async function accept(userId: string, target: AnswerTarget): Promise<void> {
  await respondToAssignment.enqueue(userId, {
    ScheduleEventID: target.ScheduleEventID,
    AssignmentID: target.AssignmentID,
    Status: AssignmentStatus.Accepted,
    Reason: null,
    local: target.local,
  });
}

export async function reject(userId: string, target: AnswerTarget, reason: string): Promise<void> {
  await respondToAssignment.enqueue(userId, {
    ScheduleEventID: target.ScheduleEventID,
    AssignmentID: target.AssignmentID,
    Status: AssignmentStatus.Rejected,
    Reason: reason.trim(),
    local: target.local,
  });
}
