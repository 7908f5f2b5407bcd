import { ROLE_LABELS } from '@complivue/shared/roles';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { userFacingMessage } from '@/lib/api-client';
import { useCreateDemoWorkspace } from './api.ts';

/**
 * The first-run option to create the demo workspace (as `npm run seed:demo` does). The members'
 * passwords are shown here once; creating it again replaces them and restores the demo data.
 */
export function DemoWorkspaceSection() {
  const createDemo = useCreateDemoWorkspace();
  const result = createDemo.data;

  return (
    <section aria-labelledby="demo-workspace-heading" className="mt-8 border-t pt-6">
      <h2 id="demo-workspace-heading" className="text-lg font-semibold text-slate-900">
        Demo workspace
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Creates ‘Demo Community Credit Union’ with a member for each role (user, manager,
        administrator), sample alerts and a week of activity, to try the product or show it.
        Creating it again resets the demo data and gives its members new passwords.
      </p>
      {createDemo.isError && (
        <Alert variant="destructive" className="mt-3">
          {userFacingMessage(createDemo.error, 'The demo workspace could not be created.')}
        </Alert>
      )}
      {result ? (
        <div className="mt-4">
          <Alert variant="success">
            {result.companyName} is ready. Copy these passwords now: they are not shown again.
          </Alert>
          <table className="mt-3 w-full text-left text-sm">
            <caption className="sr-only">Demo members and their passwords</caption>
            <thead>
              <tr className="text-slate-700">
                <th scope="col" className="py-2 font-medium">
                  Role
                </th>
                <th scope="col" className="py-2 font-medium">
                  Email
                </th>
                <th scope="col" className="py-2 font-medium">
                  Password
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {result.members.map((member) => (
                <tr key={member.email}>
                  <td className="py-2">{ROLE_LABELS[member.role]}</td>
                  <td className="py-2 break-all">{member.email}</td>
                  <td className="py-2 font-mono break-all">{member.password}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <Button
          className="mt-4"
          variant="secondary"
          onClick={() => createDemo.mutate()}
          disabled={createDemo.isPending}
        >
          {createDemo.isPending ? 'Creating the demo workspace…' : 'Create the demo workspace'}
        </Button>
      )}
    </section>
  );
}
