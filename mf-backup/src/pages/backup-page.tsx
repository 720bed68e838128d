import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessage, FileDropzone } from '@linksite/platform';
import { downloadBackup } from '../api/download-backup';
import { sendBackup, type RestoreReport } from '../api/send-backup';
import { AuditLog } from '../components/audit-log';
import { RestoreReportTable } from '../components/restore-report-table';
import { messages } from '../lib/messages';
import '../components/backup-screens.css';

type RestoreState =
  | { step: 'idle' }
  | { step: 'checking'; file: File; percent: number }
  | { step: 'checked'; file: File; report: RestoreReport }
  | { step: 'restoring'; file: File; report: RestoreReport; percent: number }
  | { step: 'restored'; report: RestoreReport; message: string };

/**
 * What the restore zone takes: a gzip archive by its extension (`.tar.gz` ends in `.gz`) or by the type the browser
 * gives it; the server reads the content and names anything else in Korean.
 */
const BACKUP_TYPES = {
  'application/gzip': ['.gz', '.tgz'],
  'application/x-gzip': ['.gz', '.tgz'],
};

/** Hands a Blob to the browser as a download named `name`. */
function saveAs(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * `/backup`, 백업 및 복원 (docs/decisions/0026-creator-features.md): download the whole site as one archive; restore one in
 * two steps — the server reads and checks the whole file and says what changes (counts now and after), then, once
 * confirmed, replaces the site's content in one transaction. Every refusal shows the server's Korean message; nothing
 * changes then.
 */
export function BackupPage() {
  const ids = useId();
  const [downloading, setDownloading] = useState<{ loaded: number } | null>(null);
  const [downloaded, setDownloaded] = useState<string | null>(null);
  const [restore, setRestore] = useState<RestoreState>({ step: 'idle' });
  const [error, setError] = useState<string | null>(null);

  const download = async () => {
    setError(null);
    setDownloaded(null);
    setDownloading({ loaded: 0 });
    try {
      const { blob, name } = await downloadBackup((loaded) => setDownloading({ loaded }));
      saveAs(blob, name);
      setDownloaded(messages.downloaded(name, messages.bytes(blob.size)));
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setDownloading(null);
    }
  };

  const check = async (file: File) => {
    setError(null);
    setRestore({ step: 'checking', file, percent: 0 });
    try {
      const { report } = await sendBackup('check', file, (percent) => setRestore({ step: 'checking', file, percent }));
      setRestore({ step: 'checked', file, report });
    } catch (failure) {
      setError(errorMessage(failure));
      setRestore({ step: 'idle' });
    }
  };

  const apply = async (file: File, report: RestoreReport) => {
    if (!window.confirm(messages.confirmRestore)) return;
    setError(null);
    setRestore({ step: 'restoring', file, report, percent: 0 });
    try {
      const done = await sendBackup('restore', file, (percent) =>
        setRestore({ step: 'restoring', file, report, percent }),
      );
      window.alert(done.message);
      setRestore({ step: 'restored', report: done.report, message: done.message });
    } catch (failure) {
      const message = errorMessage(failure);
      window.alert(message);
      setError(message);
      setRestore({ step: 'checked', file, report });
    }
  };

  const chooseAgain = () => setRestore({ step: 'idle' });

  return (
    <section className="admin-screen backup-screen" aria-labelledby={`${ids}-title`}>
      <h1 id={`${ids}-title`} className="admin-screen__title">
        {messages.title}
      </h1>
      <p className="backup-screen__intro">{messages.intro}</p>
      <p className="backup-screen__intro">
        <Link to="/people">{messages.people.backupLink}</Link>
      </p>

      <section className="backup-card" aria-labelledby={`${ids}-download`}>
        <h2 id={`${ids}-download`} className="backup-card__title">
          {messages.downloadTitle}
        </h2>
        <p className="backup-card__body">{messages.downloadBody}</p>
        <button
          type="button"
          className="admin-button"
          onClick={download}
          disabled={downloading !== null}
          data-testid="backup-download"
        >
          {downloading ? messages.downloading : messages.downloadButton}
        </button>
        <p className="backup-card__status" role="status" data-testid="backup-download-status">
          {downloading && downloading.loaded > 0 ? messages.bytes(downloading.loaded) : downloaded}
        </p>
      </section>

      <section className="backup-card" aria-labelledby={`${ids}-restore`}>
        <h2 id={`${ids}-restore`} className="backup-card__title">
          {messages.restoreTitle}
        </h2>
        <p className="backup-card__body">{messages.restoreBody}</p>
        {(restore.step === 'idle' || restore.step === 'checking') && (
          <div className="backup-file">
            {/* The platform's Korean drop zone, not the browser's own `Choose File` button (docs/decisions/0078-team-runs-the-site.md). */}
            <FileDropzone
              onFile={(file) => void check(file)}
              accept={BACKUP_TYPES}
              acceptLabel=".tar.gz"
              label={messages.fileZoneLabel}
              hint={messages.fileZoneHint}
              limits={messages.fileZoneLimits}
              fileName={restore.step === 'checking' ? restore.file.name : null}
              disabled={restore.step === 'checking'}
              testId="backup-file-zone"
              inputTestId="backup-file"
            />
            {restore.step === 'checking' && (
              <p className="backup-card__status" role="status">
                {restore.percent < 100 ? messages.uploadProgress(restore.percent) : messages.checking}
              </p>
            )}
          </div>
        )}
        {(restore.step === 'checked' || restore.step === 'restoring') && (
          <div className="backup-report" data-testid="backup-report">
            <RestoreReportTable report={restore.report} title={messages.reportTitle} />
            <p className="backup-report__warning">{messages.restoreWarning}</p>
            <div className="backup-report__actions">
              <button
                type="button"
                className="backup-link-button"
                onClick={chooseAgain}
                disabled={restore.step === 'restoring'}
              >
                {messages.chooseAnother}
              </button>
              <button
                type="button"
                className="admin-button backup-report__restore"
                onClick={() => restore.step === 'checked' && void apply(restore.file, restore.report)}
                disabled={restore.step === 'restoring'}
                data-testid="backup-restore"
              >
                {restore.step === 'restoring'
                  ? restore.percent < 100
                    ? messages.uploadProgress(restore.percent)
                    : messages.restoring
                  : messages.restoreButton}
              </button>
            </div>
          </div>
        )}
        {restore.step === 'restored' && (
          <div className="backup-report" data-testid="backup-restored">
            <RestoreReportTable report={restore.report} title={messages.restoredTitle} />
            <button type="button" className="backup-link-button" onClick={chooseAgain}>
              {messages.chooseAnother}
            </button>
          </div>
        )}
      </section>

      {error && (
        <p className="backup-screen__error" role="alert" data-testid="backup-error">
          {error}
        </p>
      )}

      {/* Read again once a restore finished: the restore itself is the newest entry. */}
      <AuditLog key={restore.step === 'restored' ? 'restored' : 'current'} />
    </section>
  );
}
