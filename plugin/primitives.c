// SPDX-License-Identifier: GPL-2.0
/*
 * The primitives: what a call or an asm statement is.  Every name, with
 * its kind, mode and length argument, comes from primitives.def, the one
 * table the Python driver reads too (tools/uaccess_check/primitives.py):
 * a primitive added there is known to both, and none is spelled here.
 *
 * Before inlining, the region primitives are still calls to small inline
 * functions (user_access_begin, __access_ok, mask_user_address, stac,
 * clac, smap_save, smap_restore).  Their mode and the name the programmer
 * wrote (user_read_access_begin or user_write_access_end) only survive in
 * the macro expansion chain of the call's location, so that chain is what
 * names them.  The accessors themselves are inline asm; the asm text is
 * shared with copy_to_kernel_nofault() and varies between versions, so an
 * asm is an accessor only when an unsafe_* macro is on its chain, and its
 * operands say what it touches.
 *
 * Every phase asks these questions; the answers depend on the statement
 * alone, so this file reads nothing any phase computed.
 */
#include "uaccess_check.h"

/* What each kind of primitive does, for every phase. */
const struct ua_prim_props ua_prim_props[PRIM_NKINDS] = {
	[PRIM_ACCESS_OK] = { .checks = true, .tested = true },
	[PRIM_BEGIN] = { .checks = true, .tested = true, .opens = true },
	[PRIM_MASK] = { .checks = true },
	[PRIM_OPEN] = { .opens = true },
	[PRIM_END] = { },
	[PRIM_SAVE] = { },
	[PRIM_RESTORE] = { },
	[PRIM_COPY] = { .checks = true, .tested = true },
	[PRIM_HELPER] = { .checks = true, .tested = true },
};

/* The KIND column of primitives.def. */
enum ua_def_kind {
	UA_KIND_CHECK,
	UA_KIND_BEGIN,
	UA_KIND_MASK,
	UA_KIND_MASKED,
	UA_KIND_SCOPED,
	UA_KIND_UNCHECKED,
	UA_KIND_END,
	UA_KIND_SAVE,
	UA_KIND_RESTORE,
	UA_KIND_ACCESSOR,
	UA_KIND_FAMILY,
	UA_KIND_CHECKED,
	UA_KIND_WRAPPER,
	UA_KIND_PASSER,
	UA_NDEF_KINDS,
};

/* What the plugin does with each: a primitive kind, or none (-1). */
static const int ua_def_prim[UA_NDEF_KINDS] = {
	[UA_KIND_CHECK] = PRIM_ACCESS_OK,
	[UA_KIND_BEGIN] = PRIM_BEGIN,
	[UA_KIND_MASK] = PRIM_MASK,
	[UA_KIND_MASKED] = PRIM_MASK,
	[UA_KIND_SCOPED] = -1,
	[UA_KIND_UNCHECKED] = PRIM_OPEN,
	[UA_KIND_END] = PRIM_END,
	[UA_KIND_SAVE] = PRIM_SAVE,
	[UA_KIND_RESTORE] = PRIM_RESTORE,
	[UA_KIND_ACCESSOR] = -1,
	[UA_KIND_FAMILY] = -1,
	[UA_KIND_CHECKED] = PRIM_COPY,
	[UA_KIND_WRAPPER] = -1,
	[UA_KIND_PASSER] = -1,
};

/* The HOW column: found on the macro chain, as a called function. */
#define UA_BY_NONE	0
#define UA_BY_MACRO	1
#define UA_BY_CALL	2
#define UA_BY_BOTH	(UA_BY_MACRO | UA_BY_CALL)

/* The SIZE column: a length argument's index, or none of them. */
#define UA_SIZE_PTR	(-1)
#define UA_SIZE_NONE	(-2)
#define UA_SIZE_INNER	(-3)
#define UA_SIZE_0	0
#define UA_SIZE_1	1
#define UA_SIZE_2	2
#define UA_SIZE_3	3

struct ua_name {
	const char *name;
	enum ua_def_kind kind;
	enum ua_mode mode;
	int how;		/* UA_BY_* */
	int ptr;		/* the pointer argument, or -1 */
	int size;		/* a length argument, or UA_SIZE_* */
};

/*
 * Every primitive, from the one table (primitives.def): the names a
 * programmer writes, found on the macro chain (outermost wins, and its
 * mode is the one that counts), and the inline functions the primitives
 * are made of (docs/design.md, "Primitives per architecture"), whose
 * modes hold for a direct call.  A name is in the table once.
 */
static const struct ua_name ua_prims[] = {
#define UA_PRIM(name, kind, mode, ptr, size, how, since, until, arch)	\
	{ #name, UA_KIND_##kind, UA_MODE_##mode, UA_BY_##how, ptr, UA_SIZE_##size },
#include "primitives.def"
#undef UA_PRIM
};

/* The primitive called @name that the plugin recognises @how, if any. */
static const struct ua_name *lookup(const char *name, int how)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(ua_prims); i++)
		if (!strcmp(ua_prims[i].name, name))
			return ua_prims[i].how & how ? &ua_prims[i] : NULL;
	return NULL;
}

/* Is @fndecl one the kernel's own headers define (not a local namesake)? */
static bool in_kernel_headers(tree fndecl)
{
	const char *file;

	if (!fndecl || !DECL_NAME(fndecl))
		return false;
	file = DECL_SOURCE_FILE(fndecl);
	return file && strstr(file, "include/");
}

/* The table's row of @fndecl, a function of the kernel's headers, if any. */
static const struct ua_name *header_function(tree fndecl)
{
	if (!in_kernel_headers(fndecl))
		return NULL;
	return lookup(IDENTIFIER_POINTER(DECL_NAME(fndecl)), UA_BY_CALL);
}

/* @fndecl as a primitive function, if it is one. */
static const struct ua_name *lookup_function(tree fndecl)
{
	const struct ua_name *n = header_function(fndecl);

	return n && ua_def_prim[n->kind] >= 0 ? n : NULL;
}

/*
 * Helpers that return their pointer argument, made safe from speculation
 * but not validated (arm64's uaccess_mask_ptr() in unsafe_put_user()):
 * inline asm, so no summary says so.
 */
bool ua_passes_pointer(tree fndecl)
{
	const struct ua_name *n = header_function(fndecl);

	return n && n->kind == UA_KIND_PASSER;
}

/* Does @p open a region (a begin, or a masked begin that is one call)? */
bool ua_prim_opens(const struct ua_prim *p)
{
	return ua_prim_props[p->kind].opens || p->opens;
}

/* Was @p named by a macro a programmer writes? */
bool ua_prim_written(const struct ua_prim *p)
{
	return lookup(p->name, UA_BY_MACRO) != NULL;
}

/* Is @p part of a 7.x scope (its begin, or its cleanup end)? */
bool ua_prim_is_scope(const struct ua_prim *p)
{
	const struct ua_name *n = p ? lookup(p->name, UA_BY_MACRO) : NULL;

	return n && n->kind == UA_KIND_SCOPED;
}

/* What row @n says of an access written with its name. */
static void written_row(const struct ua_name *n, struct ua_written *out)
{
	out->name = n->name;
	out->mode = n->mode;
	out->takes_length = n->kind == UA_KIND_ACCESSOR && n->size >= 0;
	out->family = n->kind == UA_KIND_FAMILY;
	out->ptr = n->ptr;
	out->len_arg = n->size >= 0 ? n->size : -1;
}

/*
 * A body the plugin does not analyse: a primitive's, a family member's or
 * a checked access's, or any function of the headers that implement them
 * (include/linux/uaccess.h, asm/uaccess*.h): the contract's own code.
 */
bool ua_is_primitive_body(tree fndecl)
{
	const struct ua_name *n = header_function(fndecl);
	const char *file, *base;

	if (!in_kernel_headers(fndecl))
		return false;
	if (n && (ua_def_prim[n->kind] >= 0 || n->kind == UA_KIND_FAMILY))
		return true;
	file = DECL_SOURCE_FILE(fndecl);
	base = strrchr(file, '/');
	return startswith(base ? base + 1 : file, "uaccess");
}

/*
 * A call of a family member that is a function (__copy_from_user(),
 * raw_copy_to_user(), __clear_user()): its name, mode, pointer and length
 * arguments.
 */
bool ua_family_call(tree fndecl, struct ua_written *out)
{
	const struct ua_name *n = header_function(fndecl);

	if (!n || n->kind != UA_KIND_FAMILY)
		return false;
	memset(out, 0, sizeof(*out));
	written_row(n, out);
	return true;
}

bool ua_unit_has_macro_maps(void)
{
	return LINEMAPS_MACRO_USED(line_table) > 0;
}

/*
 * Where the programmer wrote a macro call that expanded at @loc: out of
 * the macro arguments it was written in (an "if" macro's condition), to
 * the place in the file; a call written in another macro's body stays at
 * that macro's expansion point.
 */
static location_t written_at(location_t loc)
{
	while (linemap_location_from_macro_expansion_p(line_table, loc) &&
	       !linemap_location_from_macro_definition_p(line_table, loc)) {
		const line_map *map = linemap_lookup(line_table, loc);

		if (!map || !linemap_macro_expansion_map_p(map))
			break;
		loc = linemap_macro_map_loc_unwind_toward_spelling(
			line_table, linemap_check_macro(map), loc);
	}
	return ua_user_location(loc);
}

/* An access as written: an unsafe accessor, a family member, a checked one. */
static bool is_access_kind(enum ua_def_kind kind)
{
	return kind == UA_KIND_ACCESSOR || kind == UA_KIND_FAMILY ||
	       kind == UA_KIND_CHECKED;
}

/*
 * One step out of macro expansion @mm (@map) from @loc.  A token that came
 * in through an argument of this macro (the condition of an unlikely() or
 * of CONFIG_PROFILE_ALL_BRANCHES's "if") carries the expansions it went
 * through inside the argument: follow them before leaving for the
 * expansion point.
 */
static location_t macro_outward(const line_map *map, const line_map_macro *mm,
				location_t loc)
{
	location_t arg = linemap_macro_map_loc_unwind_toward_spelling(line_table,
								      mm, loc);

	if (linemap_location_from_macro_expansion_p(line_table, arg) &&
	    linemap_lookup(line_table, arg) != map)
		return arg;
	return MACRO_MAP_EXPANSION_POINT_LOCATION(mm);
}

/*
 * Walk the macro chain of @loc from the innermost expansion outwards and
 * return the outermost primitive macro found (with its expansion map in
 * @key, when asked).
 */
static const struct ua_name *chain_name(location_t loc, bool accessors,
					const void **key, bool *masked,
					location_t *where)
{
	const struct ua_name *found = NULL;

	while (linemap_location_from_macro_expansion_p(line_table, loc)) {
		const line_map *map = linemap_lookup(line_table, loc);
		const line_map_macro *mm;
		const struct ua_name *n;

		if (!map || !linemap_macro_expansion_map_p(map))
			break;
		mm = linemap_check_macro(map);

		n = lookup(linemap_map_get_macro_name(mm), UA_BY_MACRO);
		if (n && is_access_kind(n->kind) == accessors) {
			if (masked && ua_def_prim[n->kind] == PRIM_MASK)
				*masked = true;
			found = n;
			if (key)
				*key = mm;
			if (where)
				*where = written_at(MACRO_MAP_EXPANSION_POINT_LOCATION(mm));
		}
		loc = macro_outward(map, mm, loc);
	}
	return found;
}

static bool is_accessor_asm(gimple *stmt);
static tree asm_user_operand(gasm *stmt);

/* Does @fndecl, a call, stand for a primitive?  Its kind and mode. */
bool ua_primitive_call(tree fndecl, enum ua_prim_kind *kind,
		       enum ua_mode *mode)
{
	const struct ua_name *n = lookup_function(fndecl);

	if (!n)
		return false;
	*kind = (enum ua_prim_kind)ua_def_prim[n->kind];
	*mode = n->mode;
	return true;
}

/*
 * The pointer and length arguments a checking call validates (a copy's
 * are not the first two), from the table.
 */
void ua_primitive_args(tree fndecl, unsigned *ptr, unsigned *len)
{
	const struct ua_name *n = lookup_function(fndecl);

	*ptr = 0;
	*len = 1;
	if (n && n->kind == UA_KIND_CHECKED && n->ptr >= 0 && n->size >= 0) {
		*ptr = n->ptr;
		*len = n->size;
	}
}

/* A masked begin opens a region; mask_user_address() only masks. */
bool ua_masked_begin_call(tree fndecl)
{
	const struct ua_name *n = lookup_function(fndecl);

	return n && n->kind == UA_KIND_MASKED;
}

/*
 * What the programmer wrote at @loc, by the macro chain: the outermost
 * primitive macro (@accessors: accessor macro), with its mode, its
 * expansion (one per call as written) and where it was written.
 */
bool ua_written_as(location_t loc, bool accessors, struct ua_written *out)
{
	const struct ua_name *n;

	memset(out, 0, sizeof(*out));
	out->where = ua_user_location(loc);
	n = chain_name(loc, accessors, &out->key, &out->masked, &out->where);
	/* a checked access validates on its own: no access to judge */
	if (!n || n->kind == UA_KIND_CHECKED)
		return false;
	written_row(n, out);
	return true;
}

/*
 * Is @loc inside a family member's expansion, as the programmer wrote it
 * (powerpc's KUAP calls, the access_ok() of arm64's __get_user())?  Those
 * are the member's own: the family is judged as x86 has it, checking
 * nothing.  Inside what was written as an unsafe accessor (6.1 arm64's
 * generic unsafe_put_user(), a __put_user() with its own region), they
 * stay the accessor's.
 */
bool ua_in_family(location_t loc)
{
	const struct ua_name *n = chain_name(loc, true, NULL, NULL, NULL);

	return n && n->kind == UA_KIND_FAMILY;
}

/*
 * A family asm with no memory operand (x86's "call __get_user_nocheck_%c"):
 * the pointer is its pointer input, the bytes its "i" size operand.
 */
HOST_WIDE_INT ua_family_asm_size(gimple *stmt, tree *ptr, tree *obj)
{
	gasm *a = as_a<gasm *>(stmt);
	HOST_WIDE_INT size = -1;
	unsigned i;

	*ptr = NULL_TREE;
	*obj = NULL_TREE;
	/* x86: "0" (ptr) is the address; a put's value may be a pointer too */
	for (i = 0; i < gimple_asm_ninputs(a); i++) {
		tree op = gimple_asm_input_op(a, i);
		const char *c = TREE_STRING_POINTER(TREE_VALUE(TREE_PURPOSE(op)));
		tree v = TREE_VALUE(op);

		if (!strcmp(c, "i") && tree_fits_shwi_p(v))
			size = tree_to_shwi(v);
		else if (ISDIGIT(c[0]) && POINTER_TYPE_P(TREE_TYPE(v)))
			*ptr = v;
	}
	if (*ptr)
		return size;
	return ua_access_size(stmt, ptr, obj);
}

/*
 * The checked access a maintainer replaces family member @name with: the
 * checked form its name ends with, after a prefix of two underscores or
 * of raw:
 * get_user() for __get_user(), copy_from_user() for raw_copy_from_user();
 * NULL when there is none (__copy_from_user_inatomic()).
 */
const char *ua_checked_form(const char *name)
{
	size_t i, len = strlen(name);

	for (i = 0; i < ARRAY_SIZE(ua_prims); i++) {
		const char *c = ua_prims[i].name;
		size_t n = strlen(c);

		if (ua_prims[i].kind == UA_KIND_CHECKED && n < len &&
		    name[len - n - 1] == '_' && !strcmp(name + len - n, c))
			return c;
	}
	return NULL;
}

/*
 * The pointer argument of the primitive or accessor @name as the table
 * gives it, whatever recognises it: -1 when it has none or is unknown.
 */
int ua_pointer_arg(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(ua_prims); i++)
		if (!strcmp(ua_prims[i].name, name))
			return ua_prims[i].ptr;
	return -1;
}

/*
 * Is @stmt the asm of a checked access written as a macro (x86's
 * get_user(): "call __get_user_%c" checks the range itself)?  Its pointer.
 */
bool ua_checked_asm(gimple *stmt, tree *ptr)
{
	tree obj;

	if (gimple_code(stmt) != GIMPLE_ASM || !ua_in_checked(gimple_location(stmt)))
		return false;
	ua_family_asm_size(stmt, ptr, &obj);
	return *ptr != NULL_TREE;
}

/*
 * Is @loc inside what the programmer wrote as a checked access (arm64's
 * "#define clear_user __clear_user": the call is a family member's, the
 * check its own)?
 */
bool ua_in_checked(location_t loc)
{
	const struct ua_name *n = chain_name(loc, true, NULL, NULL, NULL);
	size_t i;

	if (n)
		return n->kind == UA_KIND_CHECKED;
	/* an object-like macro for the callee leaves only its written name */
	for (i = 0; i < ARRAY_SIZE(ua_prims); i++)
		if (ua_prims[i].kind == UA_KIND_CHECKED &&
		    ua_word_at(loc, ua_prims[i].name))
			return true;
	return false;
}

/* Does an asm touch memory through an operand an accessor would use? */
bool ua_asm_has_user_operand(gimple *stmt)
{
	return asm_user_operand(as_a<gasm *>(stmt)) != NULL_TREE;
}

/* Instrumentation the kernel puts between a begin and its accesses. */
static bool is_hook(tree fndecl)
{
	const char *n;

	if (!fndecl || !DECL_NAME(fndecl))
		return false;
	n = IDENTIFIER_POINTER(DECL_NAME(fndecl));
	return startswith(n, "kmsan_") || startswith(n, "instrument_") ||
	       startswith(n, "kasan_") || startswith(n, "kcsan_");
}

/*
 * Statements that change no kernel memory a pointer could be loaded from,
 * although GCC must assume they might: the primitives, the pointer
 * passers, the sanitizer hooks and the accessors themselves (they write
 * user memory).
 */
bool ua_stores_nothing(gimple *stmt)
{
	if (gimple_clobber_p(stmt))
		return true;
	if (is_gimple_call(stmt))
		return gimple_call_internal_p(stmt) ?
		       ua_is_deferred_init(stmt) :
		       lookup_function(gimple_call_fndecl(stmt)) ||
		       ua_passes_pointer(gimple_call_fndecl(stmt)) ||
		       is_hook(gimple_call_fndecl(stmt));
	return gimple_code(stmt) == GIMPLE_ASM && is_accessor_asm(stmt);
}

static bool is_accessor_asm(gimple *stmt)
{
	return asm_user_operand(as_a<gasm *>(stmt)) &&
	       chain_name(gimple_location(stmt), true, NULL, NULL, NULL);
}

static bool is_large_struct(tree type)
{
	tree name = TYPE_NAME(type);

	if (name && TREE_CODE(name) == TYPE_DECL)
		name = DECL_NAME(name);
	return name && TREE_CODE(name) == IDENTIFIER_NODE &&
	       !strcmp(IDENTIFIER_POINTER(name), "__large_struct");
}

static HOST_WIDE_INT type_bytes(tree type)
{
	if (!type || VOID_TYPE_P(type) || !COMPLETE_TYPE_P(type) ||
	    !tree_fits_shwi_p(TYPE_SIZE_UNIT(type)))
		return -1;
	return tree_to_shwi(TYPE_SIZE_UNIT(type));
}

/*
 * A memory operand: "m", or a target's own memory-only constraint around
 * an lvalue (powerpc's DS-form "Z<>" for std/ld, arm64's "Q").
 */
static bool is_memory_operand(tree op)
{
	const char *c = TREE_STRING_POINTER(TREE_VALUE(TREE_PURPOSE(op)));

	return strchr(c, 'm') ||
	       (REFERENCE_CLASS_P(TREE_VALUE(op)) && !strpbrk(c, "rg"));
}

/* The memory operand of an asm: what an accessor reads or writes. */
static tree asm_memory_operand(gasm *stmt)
{
	unsigned i;

	for (i = 0; i < gimple_asm_noutputs(stmt); i++)
		if (is_memory_operand(gimple_asm_output_op(stmt, i)))
			return TREE_VALUE(gimple_asm_output_op(stmt, i));
	for (i = 0; i < gimple_asm_ninputs(stmt); i++)
		if (is_memory_operand(gimple_asm_input_op(stmt, i)))
			return TREE_VALUE(gimple_asm_input_op(stmt, i));
	return NULL_TREE;
}

/*
 * Without a memory operand, the register that holds the user address:
 * arm64's "r" (addr), x86-32's 8-byte put.  The value a put stores can be
 * a pointer too, but not in a plain "r" ("rZ" on arm64).
 */
static tree asm_address_operand(gasm *stmt)
{
	tree found = NULL_TREE;
	unsigned i;

	for (i = 0; i < gimple_asm_ninputs(stmt); i++) {
		tree op = gimple_asm_input_op(stmt, i);
		const char *c = TREE_STRING_POINTER(TREE_VALUE(TREE_PURPOSE(op)));

		if (!strcmp(c, "r") && POINTER_TYPE_P(TREE_TYPE(TREE_VALUE(op))))
			found = TREE_VALUE(op);
	}
	return found;
}

/*
 * The pointer a passer was given: its own result is a void pointer (the
 * cast back to the accessor's type is a no-op GIMPLE drops), so the size
 * of the access is in its argument's type.
 */
static tree typed_pointer(tree p)
{
	while (TREE_CODE(p) == SSA_NAME) {
		gimple *def = SSA_NAME_DEF_STMT(p);

		if (!is_gimple_call(def) || gimple_call_num_args(def) != 1 ||
		    !ua_passes_pointer(gimple_call_fndecl(def)))
			break;
		p = gimple_call_arg(def, 0);
	}
	return p;
}

/*
 * The size of an access through the address register @p: a put stores
 * its other input, typed as the pointer the programmer wrote ("(u64
 * __user *)p" is a cast GIMPLE drops, so @p's type may be narrower); a
 * get has no such input and takes @p's own type.
 */
static HOST_WIDE_INT register_access_size(gasm *stmt, tree p)
{
	unsigned i;

	for (i = 0; i < gimple_asm_ninputs(stmt); i++) {
		tree op = gimple_asm_input_op(stmt, i);
		const char *c = TREE_STRING_POINTER(TREE_VALUE(TREE_PURPOSE(op)));
		tree v = TREE_VALUE(op);

		/* "+r" (err) comes back as a matching input, "0" (err) */
		if (v != p && !ISDIGIT(c[0]) && type_bytes(TREE_TYPE(v)) > 0)
			return type_bytes(TREE_TYPE(v));
	}
	return type_bytes(TREE_TYPE(TREE_TYPE(typed_pointer(p))));
}

static tree asm_user_operand(gasm *stmt)
{
	tree mem = asm_memory_operand(stmt);

	return mem ? mem : asm_address_operand(stmt);
}

/*
 * What an accessor asm touches and how many bytes: through the pointer
 * @ptr, or the object @obj when GCC folded the pointer into the operand
 * (unsafe_try_cmpxchg_user(&u->f, ...) has u->f itself).  The memory
 * operand of put/get is a dummy large struct, so the size comes from the
 * pointer's own type, as it does for an address in a register.
 */
HOST_WIDE_INT ua_access_size(gimple *stmt, tree *ptr, tree *obj)
{
	tree mem = asm_memory_operand(as_a<gasm *>(stmt));
	tree p;

	*ptr = NULL_TREE;
	*obj = NULL_TREE;
	if (!mem) {
		p = asm_address_operand(as_a<gasm *>(stmt));
		*ptr = p;
		return p ? register_access_size(as_a<gasm *>(stmt), p) : -1;
	}
	if (mem && TREE_CODE(mem) != MEM_REF && REFERENCE_CLASS_P(mem)) {
		*obj = mem;
		return type_bytes(TREE_TYPE(mem));
	}
	if (!mem || TREE_CODE(mem) != MEM_REF)
		return -1;
	p = TREE_OPERAND(mem, 0);
	*ptr = p;
	if (!is_large_struct(TREE_TYPE(mem)))
		return type_bytes(TREE_TYPE(mem));
	if (!POINTER_TYPE_P(TREE_TYPE(p)))
		return -1;
	return type_bytes(TREE_TYPE(TREE_TYPE(p)));
}

/* Does the unit hold exception-table asm at all (to explain silence)? */
bool ua_unit_has_accessor_asm(void)
{
	cgraph_node *node;

	FOR_EACH_FUNCTION_WITH_GIMPLE_BODY(node) {
		function *fun = DECL_STRUCT_FUNCTION(node->decl);
		basic_block bb;

		if (!fun || !fun->cfg)
			continue;
		FOR_EACH_BB_FN(bb, fun) {
			gimple_stmt_iterator gsi;

			for (gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
				gimple *s = gsi_stmt(gsi);

				if (gimple_code(s) == GIMPLE_ASM &&
				    strstr(gimple_asm_string(as_a<gasm *>(s)),
					   "__ex_table"))
					return true;
			}
		}
	}
	return false;
}
