// What a saved solution is for: its PDF, a project of planned devices made from it (then a way into
// that project), and, for the owner, sharing it read-only.
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Solution } from '@airloom/contracts';
import { ApiError, Button, Card, InlineNotice, Row, Stack, useMfe } from '@airloom/shared-ui';
import { createSolutionsApi, pdfHref } from '../../api';
import { SharePanel } from './SharePanel';

export function SolutionActions({ solution }: { solution: Solution }) {
  const { t } = useTranslation('solutions');
  const mfe = useMfe();
  const api = useMemo(() => createSolutionsApi(mfe.api), [mfe.api]);
  const [project, setProject] = useState<{ projectId: number; planned: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const owner = !solution.readOnly && !mfe.session.demo;

  async function toProject() {
    setBusy(true);
    setError(null);
    mfe.setLoading('saving');
    try {
      setProject(await api.toProject(solution.id));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('errors.generic.operationFailed'));
    } finally {
      setBusy(false);
      mfe.setLoading('end');
    }
  }

  function openProject(id: number) {
    mfe.openProject({ id, right: 'rw', netMode: solution.type === 'mesh' ? 1 : 0, projectName: solution.name, owner: true });
    mfe.navigate('/manage/devconf');
  }

  return (
    <Stack $gap="lg">
      <Card title={t('actions.title')}>
        <Stack $gap="sm">
          <Row $gap="sm">
            <a href={pdfHref(solution.id)} download>
              {t('actions.pdf')}
            </a>
            {owner && !project && (
              <Button onClick={() => void toProject()} disabled={busy}>
                {t('actions.toProject')}
              </Button>
            )}
          </Row>
          {error && <InlineNotice tone="danger">{error}</InlineNotice>}
          {project && (
            <InlineNotice tone="success">
              {t('actions.projectCreated', { id: project.projectId, planned: project.planned })}{' '}
              <Button size="sm" variant="ghost" onClick={() => openProject(project.projectId)}>
                {t('actions.openProject')}
              </Button>
            </InlineNotice>
          )}
        </Stack>
      </Card>
      {owner && <SharePanel solutionId={solution.id} />}
    </Stack>
  );
}
