/*
 * Tokens of one workflow-controller log record, after envelopes (CRI, kubectl --timestamps,
 * docker json) have been peeled off and the line terminator removed.
 *
 * Record shapes (see docs/formats.md and the reference, section 3):
 *   logrus text  time="2026-09-19T10:00:00.000Z" level=info msg="Processing workflow" Phase=Running
 *   slog text    time=2026-09-19T10:00:00.000Z level=INFO msg="Processing workflow" phase=Running
 *   logrus TTY   INFO[2026-09-19T10:00:01.000Z] Processing workflow                 Phase=Running
 *   klog         I0919 10:00:00.123456       1 leaderelection.go:257] attempting to acquire ...
 *
 * The lexer does the exact work (the parser on top is LL(1)): a key/value pair is one KEY token
 * (with its leading separator and trailing '=') and at most one value token. logrus keys may hold
 * spaces ("Workflow Size=1786"); slog quotes such keys ("\"Workflow Size\"=1786"). Values are
 * quoted with Go escaping, or bare (any run of characters without a space or a double quote).
 * An empty value ("key=" or key="") is legal. Tokens carry their delimiters; the model builder
 * strips them, which keeps the token count (and the lexer's work) per field at two.
 */
lexer grammar ControllerLogLexer;

// ---------------------------------------------------------------------------------------------
// Start of a record.
// ---------------------------------------------------------------------------------------------

/** logrus: always quoted; local time printed with a literal 'Z' (or seconds only in v4.0.0). */
LOGRUS_TIME : 'time="' TIMESTAMP '"' -> mode(LEVEL_MODE) ;

/** slog: unquoted RFC 3339 with a stated zone. */
SLOG_TIME : 'time=' TIMESTAMP -> mode(LEVEL_MODE) ;

/**
 * logrus TTY (ANSI colours already stripped): 4-letter level, the time in brackets, one space. The
 * message follows unquoted, padded to 44 characters and followed by a space; each field adds
 * " key=value". Message and fields are therefore separated by at least two spaces.
 */
TTY_HEADER : TTY_LEVEL '[' TIMESTAMP '] ' -> mode(TTY_MESSAGE_MODE) ;

/** klog header: severity, MMDD, wall clock, thread id, file:line and the closing bracket. */
KLOG_HEADER : [IWEF] DIGIT DIGIT DIGIT DIGIT ' ' CLOCK ' '+ DIGIT+ ' ' ~[ \]\r\n]+ ':' DIGIT+ ']' -> mode(TEXT_MODE) ;

/** Anything else: the model builder reports the line as not a controller record. */
UNKNOWN_START : . ;

fragment TTY_LEVEL : 'DEBU' | 'INFO' | 'WARN' | 'ERRO' | 'FATA' | 'PANI' | 'TRAC' ;
fragment TIMESTAMP : DATE 'T' CLOCK ZONE? ;
fragment DATE      : DIGIT DIGIT DIGIT DIGIT '-' DIGIT DIGIT '-' DIGIT DIGIT ;
fragment CLOCK     : DIGIT DIGIT ':' DIGIT DIGIT ':' DIGIT DIGIT ( '.' DIGIT+ )? ;
fragment ZONE      : 'Z' | [+-] DIGIT DIGIT ':' DIGIT DIGIT ;
fragment DIGIT     : [0-9] ;

// ---------------------------------------------------------------------------------------------
mode LEVEL_MODE;
// ---------------------------------------------------------------------------------------------

/** " level=info", " level=warning", " level=INFO" ... never quoted by either library. */
LEVEL : ' level=' [A-Za-z]+ -> mode(MSG_MODE) ;
LEVEL_ERROR : . -> type(UNKNOWN_START) ;

// ---------------------------------------------------------------------------------------------
mode MSG_MODE;
// ---------------------------------------------------------------------------------------------

MSG_KEY : ' msg=' -> mode(VALUE_MODE) ;
/** logrus leaves msg out when the message is empty: the fields follow the level (listed after MSG_KEY, which wins the tie). */
NO_MSG_KEY : ' ' ' '* KEY_START KEY_CHAR* '=' -> type(KEY), mode(VALUE_MODE) ;
NO_MSG_QUOTED_KEY : ' "' QUOTED_CHAR* '"=' -> type(QUOTED_KEY), mode(VALUE_MODE) ;
MSG_ERROR : . -> type(UNKNOWN_START) ;

// ---------------------------------------------------------------------------------------------
mode FIELD_MODE;   // after a value: only another key may follow
// ---------------------------------------------------------------------------------------------

/**
 * " key=" ; logrus keys may contain spaces, so a key runs to the next '='. logrus writes a key as the code
 * gave it, and may start with spaces: Argo v3's " workflowDeadline" follows the message after two spaces
 * (the separator's and its own).
 */
KEY : ' ' ' '* KEY_START KEY_CHAR* '=' -> mode(VALUE_MODE) ;

/** slog quotes a key that holds a space or '=': ' "Workflow Size"='. */
QUOTED_KEY : ' "' QUOTED_CHAR* '"=' -> mode(VALUE_MODE) ;

/** Stray text after a value (never produced by logrus or slog): a syntax error. */
FIELD_ERROR : . ;

// ---------------------------------------------------------------------------------------------
mode VALUE_MODE;   // after '=': a value, or nothing and the next key
// ---------------------------------------------------------------------------------------------

QUOTED_VALUE : '"' QUOTED_CHAR* '"' -> mode(FIELD_MODE) ;
BARE_VALUE : ~[ "\r\n] ~[ \r\n]* -> mode(FIELD_MODE) ;
EMPTY_VALUE_KEY : ' ' ' '* KEY_START KEY_CHAR* '=' -> type(KEY) ;
EMPTY_VALUE_QUOTED_KEY : ' "' QUOTED_CHAR* '"=' -> type(QUOTED_KEY) ;
VALUE_ERROR : . -> type(FIELD_ERROR) ;

fragment KEY_START   : ~[ ="\r\n] ;
fragment KEY_CHAR    : ~[="\r\n] ;
fragment QUOTED_CHAR : '\\' ~[\r\n] | ~["\\\r\n] ;

// ---------------------------------------------------------------------------------------------
mode TTY_MESSAGE_MODE;   // logrus TTY message: words separated by single spaces (may hold '=')
// ---------------------------------------------------------------------------------------------

TTY_MESSAGE : TTY_WORD ( ' ' TTY_WORD )* ;
/** The padding (two spaces or more) between the message and the first field. */
TTY_GAP : '  ' ' '* -> mode(TTY_FIRST_KEY_MODE) ;
TTY_MESSAGE_ERROR : . -> type(FIELD_ERROR) ;

fragment TTY_WORD : ~[ \r\n]+ ;

// ---------------------------------------------------------------------------------------------
mode TTY_FIRST_KEY_MODE;   // the first field's key has no separator of its own: the gap took it
// ---------------------------------------------------------------------------------------------

TTY_FIRST_KEY : KEY_START KEY_CHAR* '=' -> type(KEY), mode(VALUE_MODE) ;
TTY_FIRST_QUOTED_KEY : '"' QUOTED_CHAR* '"=' -> type(QUOTED_KEY), mode(VALUE_MODE) ;
TTY_FIRST_KEY_ERROR : . -> type(FIELD_ERROR) ;

// ---------------------------------------------------------------------------------------------
mode TEXT_MODE;    // free text to the end of the line (klog)
// ---------------------------------------------------------------------------------------------

TEXT : ~[\r\n]+ ;
