//! Problems of the games with families of their own: kiki's game, the calendar game, the
//! multiplication game and digital deletions.
