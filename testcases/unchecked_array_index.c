// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: pointer loaded from an array at a variable index
 * check-description: The paging_tmpl.h walker shape: the user pointer is loaded from w->uptr[] at a run-time index and written in an __uaccess_begin() region with no check, so both stores are unchecked. The pointer is named as written: a variable index by its name, level - 1 as a subtraction.
 * check-level: 0
 *
 * check-output-start
unchecked_array_index.c:31:9: warning: unsafe_put_user() on 'p' is not validated by access_ok() or a checking begin on every path [-Wuaccess-unchecked]
unchecked_array_index.c:31:9: note: no check of 'p' (= w->uptr[level - 1]) was found
unchecked_array_index.c:44:9: warning: unsafe_put_user() on 'w->uptr[i]' is not validated by access_ok() or a checking begin on every path [-Wuaccess-unchecked]
unchecked_array_index.c:44:9: note: no check of 'w->uptr[i]' was found
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct uc_walker {
	u32 __user *uptr[4];
	u32 pte[4];
};

int walker_put_level(struct uc_walker *w, int level);
int walker_put_level(struct uc_walker *w, int level)
{
	u32 __user *p = w->uptr[level - 1];

	__uaccess_begin();
	unsafe_put_user(w->pte[level - 1], p, efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(walker_put_level);

int walker_put_slot(struct uc_walker *w, unsigned int i);
int walker_put_slot(struct uc_walker *w, unsigned int i)
{
	__uaccess_begin();
	unsafe_put_user(w->pte[i], w->uptr[i], efault);
	user_access_end();
	return 0;
efault:
	user_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(walker_put_slot);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check testcase: pointer loaded from an array at a variable index");
