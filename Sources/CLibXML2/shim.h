#ifndef WORKOUTENGINE_CLIBXML2_SHIM_H
#define WORKOUTENGINE_CLIBXML2_SHIM_H
// libxml2's SAX2 push parser, used by the streaming GPX reader.
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>
#endif
