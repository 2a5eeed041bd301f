// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: powerpc store between user_access_save() and user_access_restore()
 * check-description: user_access_save(), prevent_user_access_return() on powerpc, closes the region until user_access_restore(), restore_user_access(): the store between them is outside an open region (the store before the save is inside it).
 * check-level: 0
 *
 * check-output-start
ppc_after_save.c:31:9: warning: unsafe_put_user() is outside an open user-access region on some path [-Wuaccess-region]
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct ppc_pair3 {
	u32 a;
	u32 b;
};

int ppc_put_pair_saved(struct ppc_pair3 __user *p, u32 a, u32 b);
int ppc_put_pair_saved(struct ppc_pair3 __user *p, u32 a, u32 b)
{
	unsigned long flags;

	if (!user_write_access_begin(p, sizeof(*p)))
		return -EFAULT;
	unsafe_put_user(a, &p->a, efault);
	flags = user_access_save();
	unsafe_put_user(b, &p->b, efault_restore);
	user_access_restore(flags);
	user_write_access_end();
	return 0;
efault_restore:
	user_access_restore(flags);
efault:
	user_write_access_end();
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(ppc_put_pair_saved);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check powerpc testcase: store between user_access_save() and user_access_restore()");
