#include "CLibXML2Runtime.h"

#include <CLibraryLoader.h>

static struct workoutengine_library library;

// What each function does when libxml2 could not be opened. Only xmlCreatePushParserCtxt and the error-handler
// functions can be reached (the rest need the context it returns, and it returns NULL); each fails as libxml2
// does on error.
static xmlParserCtxtPtr failed_xmlCreatePushParserCtxt(xmlSAXHandlerPtr sax, void *user_data, const char *chunk,
                                                       int size, const char *filename) {
    workoutengine_library_answered_without(&library);
    (void)sax, (void)user_data, (void)chunk, (void)size, (void)filename;
    return NULL;
}
static int failed_xmlParseChunk(xmlParserCtxtPtr ctxt, const char *chunk, int size, int terminate) {
    workoutengine_library_answered_without(&library);
    (void)ctxt, (void)chunk, (void)size, (void)terminate;
    return -1;
}
static void failed_xmlStopParser(xmlParserCtxtPtr ctxt) {
    workoutengine_library_answered_without(&library);
    (void)ctxt;
}
static void failed_xmlFreeParserCtxt(xmlParserCtxtPtr ctxt) {
    workoutengine_library_answered_without(&library);
    (void)ctxt;
}
static void failed_xmlFreeDoc(xmlDocPtr cur) {
    workoutengine_library_answered_without(&library);
    (void)cur;
}
static int failed_xmlCtxtUseOptions(xmlParserCtxtPtr ctxt, int options) {
    workoutengine_library_answered_without(&library);
    (void)ctxt, (void)options;
    return -1;
}
static xmlErrorPtr failed_xmlCtxtGetLastError(void *ctx) {
    workoutengine_library_answered_without(&library);
    (void)ctx;
    return NULL;
}
static void failed_xmlSetStructuredErrorFunc(void *ctx, xmlStructuredErrorFunc handler) {
    workoutengine_library_answered_without(&library);
    (void)ctx, (void)handler;
}
static xmlStructuredErrorFunc *failed_structured_error(void) {
    workoutengine_library_answered_without(&library);
    return NULL;
}
static void **failed_structured_error_context(void) {
    workoutengine_library_answered_without(&library);
    return NULL;
}

static struct workoutengine_libxml2_functions functions = {
    failed_xmlCreatePushParserCtxt,
    failed_xmlParseChunk,
    failed_xmlStopParser,
    failed_xmlFreeParserCtxt,
    failed_xmlFreeDoc,
    failed_xmlCtxtUseOptions,
    failed_xmlCtxtGetLastError,
    failed_xmlSetStructuredErrorFunc,
    failed_structured_error,
    failed_structured_error_context,
};

// In the order of `struct workoutengine_libxml2_functions`.
static const char *const symbols[] = {
    "xmlCreatePushParserCtxt",
    "xmlParseChunk",
    "xmlStopParser",
    "xmlFreeParserCtxt",
    "xmlFreeDoc",
    "xmlCtxtUseOptions",
    "xmlCtxtGetLastError",
    "xmlSetStructuredErrorFunc",
    "__xmlStructuredError",
    "__xmlStructuredErrorContext",
};
_Static_assert(sizeof symbols / sizeof symbols[0] == sizeof functions / sizeof(void (*)(void)),
               "one symbol name per function");

// The run-time library of libxml2 2.x (Debian: libxml2), then any through the development link that
// libxml2-dev installs; on macOS, the system's.
#ifdef __APPLE__
static const char *const names[] = {"libxml2.2.dylib", "libxml2.dylib"};
#else
static const char *const names[] = {"libxml2.so.2", "libxml2.so"};
#endif

static struct workoutengine_library library =
    WORKOUTENGINE_LIBRARY("WORKOUTENGINE_LIBXML2_LIBRARY", names, symbols, &functions);

const struct workoutengine_libxml2_functions *workoutengine_libxml2(void) {
    workoutengine_library_open(&library);
    return &functions;
}

struct workoutengine_library *workoutengine_libxml2_library(void) {
    return &library;
}
