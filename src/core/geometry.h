/* Compiles a variant's piece table into cell offsets for its board size,
 * so move generation and attack detection only add numbers. */
#ifndef ZANZIBAR_CORE_GEOMETRY_H
#define ZANZIBAR_CORE_GEOMETRY_H

#include "position.h"

void Geometry_compile(Geometry *g, const Variant *v);
int Geometry_cell(const Geometry *g, int file, int rank);

#endif
