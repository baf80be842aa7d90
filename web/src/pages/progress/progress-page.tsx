import { ProgressContent } from "../../features/learning/progress/progress-view";
import { useProgressQuery } from "../../features/learning/progress/use-progress";
import { errorMessage } from "../../i18n/ar-EG";
import { arProgress } from "../../i18n/ar-EG-learning-progress";
import { errorCodeOf } from "../../lib/api-error";
import { Notice } from "../../ui/notice";
import { PageFrame } from "../../ui/page-frame";
import { Spinner } from "../../ui/spinner";

const t = arProgress.progress;

/** /progress — «تقدّمي»: the student's level, figures, weekly minutes and level history (GET /progress). */
export function ProgressPage() {
  const progress = useProgressQuery();
  return (
    <PageFrame title={t.title} subtitle={t.subtitle} width="wide">
      {progress.isPending ? (
        <Spinner label={t.loading} />
      ) : progress.isError ? (
        <Notice tone="error">{errorMessage(errorCodeOf(progress.error))}</Notice>
      ) : (
        <ProgressContent data={progress.data} />
      )}
    </PageFrame>
  );
}
