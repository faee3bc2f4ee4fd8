/*
 * Structure of one workflow-controller log record (tokens: ControllerLogLexer).
 *
 * LL(1) by construction, so SLL prediction never needs the full-context fallback. The analyzer
 * runs it without building parse trees; a builder outside this module turns the labelled tokens
 * into its record model (see dev.argoforensics.line in the analyzer module).
 */
parser grammar ControllerLogParser;

options { tokenVocab = ControllerLogLexer; }

record
    : logfmtRecord EOF
    | ttyRecord EOF
    | klogRecord EOF
    ;

/**
 * logrus text and slog text: time, level and msg first, then key/value pairs in any order. logrus
 * writes no msg for an empty message: then fields follow the level (the builder accepts that of logrus
 * only: slog always writes msg). A time and a level alone are not read: a line cut after its level looks the same.
 */
logfmtRecord
    : time=( LOGRUS_TIME | SLOG_TIME ) level=LEVEL ( msgKey=MSG_KEY message=value? field* | field+ )
    ;

/**
 * logrus TTY: the message is unquoted; fields follow the padding. A key may still look odd when the
 * message itself held two spaces in a row (v3's "failed to  list pods in phase"); the model builder
 * moves such text back into the message.
 */
ttyRecord
    : header=TTY_HEADER message=TTY_MESSAGE? ( TTY_GAP field* )?
    ;

field
    : key=( KEY | QUOTED_KEY ) val=value?
    ;

value
    : QUOTED_VALUE
    | BARE_VALUE
    ;

klogRecord
    : header=KLOG_HEADER text=TEXT?
    ;
