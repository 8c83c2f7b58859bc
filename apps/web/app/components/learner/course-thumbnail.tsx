import type { Image } from '@oasis/shared/media';
import { FALLBACK_THUMBNAIL } from '@oasis/shared/limits';
import { Picture } from '~/components/ui/picture';

/** A course's 16:9 thumbnail on learner screens, decorative (the title is beside it); a default one when none. */
export function CourseThumbnail({
  course,
  sizes,
  eager,
  className,
}: {
  course: { thumbnail: Image | null; thumbnailUrl: string };
  sizes: string;
  eager?: boolean;
  className: string;
}) {
  return (
    <Picture
      image={course.thumbnail}
      src={course.thumbnailUrl}
      fallback={FALLBACK_THUMBNAIL}
      alt=""
      sizes={sizes}
      width={640}
      height={360}
      eager={eager}
      className={className}
    />
  );
}
