// SPDX-License-Identifier: GPL-2.0
/*
 * check-name: powerpc accessors on unchecked pointers
 * check-description: The four accessors on pointers loaded from a kernel structure, with no access_ok() and no begin anywhere: one unchecked finding per accessor as written (a copy's word loop is one accessor), each with its 'no check' note; the function has no caller in the unit, so no region finding.
 * check-level: 0
 *
 * check-output-start
ppc_accessors_unchecked.c:36:9: warning: unsafe_get_user() on 'x->in_word' is not validated by access_ok() or a checking begin on every path [-Wuaccess-unchecked]
ppc_accessors_unchecked.c:36:9: note: no check of 'x->in_word' was found
ppc_accessors_unchecked.c:37:9: warning: unsafe_put_user() on 'x->out_word' is not validated by access_ok() or a checking begin on every path [-Wuaccess-unchecked]
ppc_accessors_unchecked.c:37:9: note: no check of 'x->out_word' was found
ppc_accessors_unchecked.c:38:9: warning: unsafe_copy_from_user() on 'x->in_buf' is not validated by access_ok() or a checking begin on every path [-Wuaccess-unchecked]
ppc_accessors_unchecked.c:38:9: note: no check of 'x->in_buf' was found
ppc_accessors_unchecked.c:39:9: warning: unsafe_copy_to_user() on 'x->out_buf' is not validated by access_ok() or a checking begin on every path [-Wuaccess-unchecked]
ppc_accessors_unchecked.c:39:9: note: no check of 'x->out_buf' was found
 * check-output-end
 */

#include <linux/errno.h>
#include <linux/module.h>
#include <linux/types.h>
#include <linux/uaccess.h>

struct ppc_xfer {
	u32 __user *in_word;
	u32 __user *out_word;
	u8 __user *in_buf;
	u8 __user *out_buf;
	u32 word;
	u8 buf[16];
};

int ppc_xfer_unchecked(struct ppc_xfer *x);
int ppc_xfer_unchecked(struct ppc_xfer *x)
{
	unsafe_get_user(x->word, x->in_word, efault);
	unsafe_put_user(x->word, x->out_word, efault);
	unsafe_copy_from_user(x->buf, x->in_buf, sizeof(x->buf), efault);
	unsafe_copy_to_user(x->out_buf, x->buf, sizeof(x->buf), efault);
	return 0;
efault:
	return -EFAULT;
}
EXPORT_SYMBOL_GPL(ppc_xfer_unchecked);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("uaccess_check powerpc testcase: accessors on unchecked pointers");
