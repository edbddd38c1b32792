// Employment processing (office, online only): the queues of new hires, terminations, changes and
// direct-deposit changes to tell the payroll provider.
export default function EmploymentsPage() {
  return null;
}
