/* colours.h -- the players' colours and the picture's palette.
 *
 * Owns: which colour each player's figures get. A player whose name is a
 * CSS named colour (CSS Color Module Level 4: "red", "teal", "rebeccapurple";
 * case-insensitive, surrounding spaces ignored) gets exactly that colour, so
 * a client that names its players after their meeples sees them right.
 * Every other player gets the seat palette's colour for their seat (the
 * colours of the game's meeples), skipping a palette colour that a named
 * player already wears, so no two players share a colour unless two names
 * ask for it.
 *
 *   rd_css_colour()      name -> 0xRRGGBB, or -1
 *   rd_player_colours()  every player's colour for a position
 *   rd_ink_on()          black or white, whichever reads on a colour
 */
#ifndef RD_COLOURS_H
#define RD_COLOURS_H

#include "../../engine/position.h"
#include "canvas.h"

long rd_css_colour(const char *name);

void rd_player_colours(const cc_position *pos, rd_rgba out[CC_MAX_PLAYERS]);

/* Dark ink on a light colour, white on a dark one (WCAG relative luminance). */
rd_rgba rd_ink_on(rd_rgba c);

#endif
