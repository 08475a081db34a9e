import { useState } from 'react';
import { Download } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { serverMessage } from '../../../lib/api-client.ts';
import { useExportAccount } from '../api/export-account.ts';
import { FormOutcomeMessage, type FormOutcome } from './form-outcome.tsx';
import { SettingsSection } from './settings-section.tsx';

const EXPORT_FAILED_MESSAGE = 'Failed to prepare your data. Please try again.';

/** The Your data section of account settings: everything the account holds, as one JSON file to keep or take elsewhere. */
export function DataExport() {
  const [outcome, setOutcome] = useState<FormOutcome>(null);
  const exportAccount = useExportAccount({
    onSaved: (fileName) => setOutcome({ kind: 'success', message: `Your data was saved as ${fileName}.` }),
    onFailed: (error) => setOutcome({ kind: 'error', message: serverMessage(error) ?? EXPORT_FAILED_MESSAGE }),
  });

  return (
    <SettingsSection
      title="Your Data"
      description="Download a copy of your profile, every analysis with its full results, your credit history and your payments, as a JSON file."
    >
      <div className="space-y-4">
        <FormOutcomeMessage outcome={outcome} />
        <Button
          variant="outline"
          disabled={exportAccount.isPending}
          onClick={() => {
            setOutcome(null);
            exportAccount.mutate();
          }}
        >
          <Download className="size-4" aria-hidden="true" />
          {exportAccount.isPending ? 'Preparing your data...' : 'Download My Data'}
        </Button>
      </div>
    </SettingsSection>
  );
}
