// Every offline command, registered at start (not inside lazy screens) so the sync engine can send
// queued changes from any page. Features own their command files; the app imports them here.
import '../features/time/commands';
import '../features/time-management/commands';
import '../features/scheduling/commands';
import '../features/leads/commands';
