import { Link } from "react-router-dom";
import type { FullTutor } from "@schema/api/tutor";
import { Pagination, QueryState, adminPageSize } from "../../features/admin-area/admin-ui";
import { useFilteredTutors, type TutorFilters } from "../../features/admin-area/tutors";
import { TutorPhoto } from "../../features/tutors/tutor-photo";
import { TutorVideoButton } from "../../features/tutors/tutor-video";
import { arAdmin } from "../../i18n/ar-EG-admin";
import { thumbnailImageProps } from "../../lib/image-variants";
import { Card } from "../../ui/card";
import { Badge } from "../../ui/notice";
import { PageFrame } from "../../ui/page-frame";
import { Select } from "../../ui/select";
import { TextField } from "../../ui/text-field";

const t = arAdmin.adminArea.media;

type MediaFilter = NonNullable<TutorFilters["media"]> | null;

/** One kind of file, said in words (not only by colour): «الفيديو: موجودة». */
function KindBadge({ kind, present }: { kind: string; present: boolean }) {
  return (
    <Badge tone={present ? "success" : "warning"}>{t.kindState(kind, present ? t.present : t.absent)}</Badge>
  );
}

/** The thumbnail's box: 14rem from 640 px, the row's width below (the page less its padding and the card's). */
const mediaThumbnailSizes = "(min-width: 640px) 224px, calc(100vw - 66px)";

function TutorMedia({ tutor }: { tutor: FullTutor }) {
  const name = tutor.name ?? arAdmin.adminArea.common.noName;
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="flex min-w-0 items-start gap-3">
        <TutorPhoto name={tutor.name} image={tutor.image} />
        <div className="flex min-w-0 flex-col gap-1.5">
          <Link
            to={`/admin/tutor/${tutor.id}`}
            className="font-bold text-brand-800 underline-offset-2 hover:underline"
          >
            <bdi>{name}</bdi>
          </Link>
          <div className="flex flex-wrap gap-1.5">
            <KindBadge kind={t.image} present={tutor.image !== null} />
            <KindBadge kind={t.video} present={tutor.video !== null} />
            <KindBadge kind={t.thumbnail} present={tutor.thumbnail !== null} />
          </div>
          <Link
            to={`/admin/photo-session/${tutor.id}`}
            aria-label={t.uploadFor(name)}
            className="self-start text-sm font-bold text-brand-800 underline underline-offset-2"
          >
            {t.upload}
          </Link>
        </div>
      </div>
      <div className="w-full shrink-0 sm:w-56">
        {tutor.video ? (
          <TutorVideoButton
            name={name}
            video={tutor.video}
            thumbnail={tutor.thumbnail}
            sizes={mediaThumbnailSizes}
          />
        ) : tutor.thumbnail ? (
          <img
            {...thumbnailImageProps(tutor.thumbnail, mediaThumbnailSizes)}
            alt={t.thumbnailAlt(name)}
            className="aspect-video w-full rounded-xl object-cover"
          />
        ) : (
          <p className="flex aspect-video w-full items-center justify-center rounded-xl bg-slate-100 text-sm text-slate-600">
            {t.noVideo}
          </p>
        )}
      </div>
    </li>
  );
}

/**
 * /admin/media (docs/product.md §2, admin routes): every tutor's listing media — photo, intro video and its
 * thumbnail — with what is missing said in words, the video on demand, and the way to the upload
 * page (the studio's page for that tutor, open to admins without a session).
 */
export function AdminMediaPage() {
  const { filters, tutors, change, setPage } = useFilteredTutors({
    name: "",
    activated: null,
    onboarded: null,
    media: "missing",
  });
  return (
    <PageFrame title={t.title} subtitle={t.intro} width="wide">
      <Card>
        <div role="search" className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-2">
          <TextField
            type="search"
            label={t.nameFilter}
            value={filters.name}
            maxLength={50}
            onChange={(event) => change({ name: event.target.value })}
          />
          <Select
            label={t.filter}
            value={filters.media ?? ""}
            onChange={(event) => change({ media: (event.target.value || null) as MediaFilter })}
            options={[
              { value: "missing", label: t.missing },
              { value: "complete", label: t.complete },
              { value: "", label: arAdmin.adminArea.common.all },
            ]}
          />
        </div>
        <QueryState query={tutors} isEmpty={(page) => page.list.length === 0} empty={t.empty}>
          {(page) => (
            <div className="flex flex-col gap-4">
              <ul className="flex flex-col divide-y divide-slate-200" aria-label={t.title}>
                {page.list.map((tutor) => (
                  <TutorMedia key={tutor.id} tutor={tutor} />
                ))}
              </ul>
              <Pagination page={filters.page} total={page.total} size={adminPageSize} onPage={setPage} />
            </div>
          )}
        </QueryState>
      </Card>
    </PageFrame>
  );
}
