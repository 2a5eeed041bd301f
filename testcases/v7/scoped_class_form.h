/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The scopes of Linux 6.19.0 .. 7.0-rc2 on the 7.2 fixture.
 *
 * Upstream af4e9ef3d784 (7.0-rc3, backported to 6.19.y) closes a
 * scoped_user_{read,write,rw}_access[_size]() scope with a __cleanup
 * attribute on the shadowing pointer; before it, a CLASS() guard declared
 * between the begin and the shadow closed it, its destructor called on
 * every exit of the scope.  A case that includes this header after
 * <linux/uaccess.h> gets that older form, the definitions the commit
 * removed, so the plugin can be held to the same output on both forms
 * (tools/tests/test_scoped_forms.py also builds every scoped case with
 * this header forced in, and without it by defining the guard below).
 * get_user_inline() and put_user_inline() expand to the scopes, so they
 * change form too.
 */
#ifndef V7_SCOPED_CLASS_FORM_H
#define V7_SCOPED_CLASS_FORM_H

#include <linux/cleanup.h>
#include <linux/uaccess.h>

#undef __scoped_user_access

/*
 * The plugin trusts a primitive function only where the kernel's own
 * headers define it (a driver's namesake is not one), and 6.19 defined
 * these in include/linux/uaccess.h: say so for what follows.
 */
#line 650 "include/linux/uaccess.h"
#define user_rw_access_end()		user_access_end()

/* Scoped user access */
#define USER_ACCESS_GUARD(_mode)				\
static __always_inline void __user *				\
class_user_##_mode##_begin(void __user *ptr)			\
{								\
	return ptr;						\
}								\
								\
static __always_inline void					\
class_user_##_mode##_end(void __user *ptr)			\
{								\
	user_##_mode##_access_end();				\
}								\
								\
DEFINE_CLASS(user_ ##_mode## _access, void __user *,		\
	     class_user_##_mode##_end(_T),			\
	     class_user_##_mode##_begin(ptr), void __user *ptr)	\
								\
static __always_inline class_user_##_mode##_access_t		\
class_user_##_mode##_access_ptr(void __user *scope)		\
{								\
	return scope;						\
}

USER_ACCESS_GUARD(read)
USER_ACCESS_GUARD(write)
USER_ACCESS_GUARD(rw)
#undef USER_ACCESS_GUARD

#define __scoped_user_access(mode, uptr, size, elbl)					\
for (bool done = false; !done; done = true)						\
	for (void __user *_tmpptr = __scoped_user_access_begin(mode, uptr, size, elbl); \
	     !done; done = true)							\
		for (CLASS(user_##mode##_access, scope)(_tmpptr); !done; done = true)	\
			/* Force modified pointer usage within the scope */		\
			for (const typeof(uptr) uptr = _tmpptr; !done; done = true)

#endif /* V7_SCOPED_CLASS_FORM_H */
