/* describe.h -- a position in words (POST /v1/describe and the MCP tool
 * describe_position), in the request's language.
 *
 * Owns: turning what the engine knows about a validated position (players,
 * tiles in board orientation, figures and what they stand on, every
 * feature with its cells, completeness, occupants and value, the end-game
 * scoring) into sentences, so a chatbot can read back to its user the board
 * it understood. Every word comes from the phrase table (phrases.def), in
 * the language lang (a code of lang.h; NULL: English), the game's terms
 * with their term.* translations; every fact from the engine (features.h,
 * scoring.h): nothing is judged here. Numbers, cells, locations, tile ids
 * and player names are the same in every language.
 *
 * Order, so the wording is deterministic: tiles by y then x; figures as
 * the position lists them; features in canonical order of their names.
 *
 * describe_position() writes the answer object into the JSON writer w
 * (service/wire/json_writer.h) and returns false when memory ran out (the
 * writer's text must then be discarded):
 *   {"text": the whole description (headed paragraphs, "- " items),
 *    "sections": {"players", "board", "figures", "features", "standing"}:
 *        each an array of the sentences the text is made of,
 *    "leaders": {"now": [players with the highest score],
 *                "final": [... after the end-game scoring, were it now]},
 *    "rules": the rule ids that formed the features and the final scoring}
 * Preconditions: pos was validated into b and f (engine/validate.h).
 */
#ifndef SVC_DESCRIBE_H
#define SVC_DESCRIBE_H

#include <stdbool.h>

#include "../../engine/board.h"
#include "../../engine/features.h"
#include "../../engine/position.h"
#include "../wire/json_writer.h"

bool describe_position(jw *w, const cc_position *pos, const cc_board *b, const cc_features *f,
                       const char *lang);

#endif
