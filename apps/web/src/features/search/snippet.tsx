import type { SearchResult } from '@complivue/shared/schemas/search';

/** A result's passage with the matched words marked (text only, never HTML). */
export function Snippet({ pieces }: { pieces: SearchResult['snippet'] }) {
  return (
    <>
      {pieces.map((piece, index) =>
        piece.hit ? (
          <mark key={index} className="rounded bg-amber-100 px-0.5 text-slate-900">
            {piece.text}
          </mark>
        ) : (
          <span key={index}>{piece.text}</span>
        ),
      )}
    </>
  );
}
