#ifndef WORKOUTENGINE_CLIBXML2RUNTIME_H
#define WORKOUTENGINE_CLIBXML2RUNTIME_H
// The part of libxml2's SAX2 push parser the GPX and TCX readers call, reached through libxml2 opened at run
// time (dlopen) by CLibraryLoader, not through the link: libxml2 brings ICU, zlib and liblzma with it (an
// empty C program linked with -lxml2 takes 2.3 ms here, 0.8 ms without), and a FIT or JSON file, or a GPX
// file the readers' own scanner takes (README: "The GPX parse"), needs none of it.
//
// The types and constants are libxml2's own (its headers, through the CLibXML2 module); each `lazy_<name>`
// below calls libxml2's `<name>` with the same arguments and result. The library opened is the file named by
// the environment variable WORKOUTENGINE_LIBXML2_LIBRARY when it is set, else the system's libxml2. When it
// cannot be opened (or lacks a function), `workoutengine_library_failure(workoutengine_libxml2_library())` says
// why and `lazy_xmlCreatePushParserCtxt` returns NULL (every other call needs the context it returns).
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>

#include <CLibraryLoader.h>

struct workoutengine_libxml2_functions {
    __typeof__(&xmlCreatePushParserCtxt) xmlCreatePushParserCtxt;
    __typeof__(&xmlParseChunk) xmlParseChunk;
    __typeof__(&xmlStopParser) xmlStopParser;
    __typeof__(&xmlFreeParserCtxt) xmlFreeParserCtxt;
    __typeof__(&xmlFreeDoc) xmlFreeDoc;
    __typeof__(&xmlCtxtUseOptions) xmlCtxtUseOptions;
    __typeof__(&xmlCtxtGetLastError) xmlCtxtGetLastError;
    __typeof__(&xmlSetStructuredErrorFunc) xmlSetStructuredErrorFunc;
    // (`xmlStructuredError` and `xmlStructuredErrorContext` are libxml2's macros for these two.)
    __typeof__(&__xmlStructuredError) structured_error;
    __typeof__(&__xmlStructuredErrorContext) structured_error_context;
};

/// libxml2's functions, opening libxml2 on the first call (every later call returns at once; thread-safe).
const struct workoutengine_libxml2_functions *workoutengine_libxml2(void);

/// libxml2 itself, for CLibraryLoader's functions (`workoutengine_library_failure`: why it could not be opened).
struct workoutengine_library *workoutengine_libxml2_library(void);

static inline xmlParserCtxtPtr lazy_xmlCreatePushParserCtxt(xmlSAXHandlerPtr sax, void *user_data, const char *chunk,
                                                            int size, const char *filename) {
    return workoutengine_libxml2()->xmlCreatePushParserCtxt(sax, user_data, chunk, size, filename);
}

static inline int lazy_xmlParseChunk(xmlParserCtxtPtr ctxt, const char *chunk, int size, int terminate) {
    return workoutengine_libxml2()->xmlParseChunk(ctxt, chunk, size, terminate);
}

static inline void lazy_xmlStopParser(xmlParserCtxtPtr ctxt) {
    workoutengine_libxml2()->xmlStopParser(ctxt);
}

static inline void lazy_xmlFreeParserCtxt(xmlParserCtxtPtr ctxt) {
    workoutengine_libxml2()->xmlFreeParserCtxt(ctxt);
}

static inline void lazy_xmlFreeDoc(xmlDocPtr cur) {
    workoutengine_libxml2()->xmlFreeDoc(cur);
}

static inline int lazy_xmlCtxtUseOptions(xmlParserCtxtPtr ctxt, int options) {
    return workoutengine_libxml2()->xmlCtxtUseOptions(ctxt, options);
}

static inline xmlErrorPtr lazy_xmlCtxtGetLastError(void *ctx) {
    return workoutengine_libxml2()->xmlCtxtGetLastError(ctx);
}

static inline void lazy_xmlSetStructuredErrorFunc(void *ctx, xmlStructuredErrorFunc handler) {
    workoutengine_libxml2()->xmlSetStructuredErrorFunc(ctx, handler);
}

/// The calling thread's structured error handler (libxml2's `xmlStructuredError`, a per-thread variable).
static inline xmlStructuredErrorFunc *lazy_xmlStructuredError(void) {
    return workoutengine_libxml2()->structured_error();
}

/// The calling thread's structured error context (libxml2's `xmlStructuredErrorContext`).
static inline void **lazy_xmlStructuredErrorContext(void) {
    return workoutengine_libxml2()->structured_error_context();
}

#endif
